import Icon from '@mui/icons-material/LocalHospitalOutlined';
import { MedicalCompanyList } from './MedicalCompanyList';
import { MedicalCompanyShow } from './MedicalCompanyShow';

export default {
  name: 'medical-companies',
  list: MedicalCompanyList,
  show: MedicalCompanyShow,
  icon: Icon,
  recordRepresentation: (r: { name: string }) => r.name,
};
