import Icon from '@mui/icons-material/HandshakeOutlined';
import { PartnerUserInvite, PartnerUserShow, PartnerUsersList } from './PartnerUsers';

export default { name: 'partner-users', list: PartnerUsersList, show: PartnerUserShow, create: PartnerUserInvite, icon: Icon, recordRepresentation: 'email' };
