import Icon from '@mui/icons-material/SavingsOutlined';
import { LifePolicyList } from './LifePolicyList';
import { LifePolicyShow } from './LifePolicyShow';

export default {
  name: 'life-policies',
  list: LifePolicyList,
  show: LifePolicyShow,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
