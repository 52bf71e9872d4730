import Icon from '@mui/icons-material/FlightTakeoffOutlined';
import { TravelPolicyList } from './TravelPolicyList';
import { TravelPolicyShow } from './TravelPolicyShow';

export default {
  name: 'travel-policies',
  list: TravelPolicyList,
  show: TravelPolicyShow,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
