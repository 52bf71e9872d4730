import Icon from '@mui/icons-material/BedroomBabyOutlined';
import { HorsePolicyList } from './HorsePolicyList';
import { HorsePolicyShow } from './HorsePolicyShow';

export default {
  name: 'horse-policies',
  list: HorsePolicyList,
  show: HorsePolicyShow,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
