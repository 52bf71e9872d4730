import Icon from '@mui/icons-material/EventRepeatOutlined';
import { RenewalList } from './Renewals';

export default { name: 'renewals', list: RenewalList, icon: Icon, recordRepresentation: 'id' };
