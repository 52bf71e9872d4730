import Icon from '@mui/icons-material/PolicyOutlined';
import { PolicyList } from './PolicyList';
import { PolicyShow } from './PolicyShow';

export default { name: 'motor-policies', list: PolicyList, show: PolicyShow, icon: Icon, recordRepresentation: 'id' };
