import Icon from '@mui/icons-material/HomeWorkOutlined';
import { PropertyPolicyList } from './PropertyPolicyList';
import { PropertyPolicyShow } from './PropertyPolicyShow';

export default {
  name: 'property-policies',
  list: PropertyPolicyList,
  show: PropertyPolicyShow,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
