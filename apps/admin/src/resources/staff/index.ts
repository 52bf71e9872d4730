import Icon from '@mui/icons-material/BadgeOutlined';
import { StaffCreate, StaffEdit, StaffShow } from './StaffForms';
import { StaffList } from './StaffList';

export default { name: 'staff', list: StaffList, show: StaffShow, create: StaffCreate, edit: StaffEdit, icon: Icon, recordRepresentation: 'email' };
