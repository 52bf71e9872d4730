import Icon from '@mui/icons-material/BusinessOutlined';
import { ClientCreate } from './ClientCreate';
import { ClientEdit } from './ClientEdit';
import { ClientList } from './ClientList';
import { ClientShow } from './ClientShow';

export default {
  name: 'clients',
  list: ClientList,
  show: ClientShow,
  create: ClientCreate,
  edit: ClientEdit,
  icon: Icon,
  recordRepresentation: 'name',
};
