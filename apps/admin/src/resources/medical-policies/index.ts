import Icon from '@mui/icons-material/HealthAndSafetyOutlined';
import { MedicalPolicyList } from './MedicalPolicyList';
import { MedicalPolicyShow } from './MedicalPolicyShow';

export default {
  name: 'medical-policies',
  list: MedicalPolicyList,
  show: MedicalPolicyShow,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
