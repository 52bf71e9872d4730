import Icon from '@mui/icons-material/AssignmentOutlined';
import { ClaimCreate } from './ClaimCreate';
import { ClaimList } from './ClaimList';
import { ClaimShow } from './ClaimShow';

export default {
  name: 'claims',
  list: ClaimList,
  show: ClaimShow,
  create: ClaimCreate,
  icon: Icon,
  recordRepresentation: (r: { id: number }) => `#${r.id}`,
};
