import Icon from '@mui/icons-material/DirectionsCarOutlined';
import { TplPolicyList } from './TplPolicyList';
import { TplPolicyShow } from './TplPolicyShow';

export default {
  name: 'tpl-policies',
  list: TplPolicyList,
  show: TplPolicyShow,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
