import Icon from '@mui/icons-material/WebhookOutlined';
import { WebhookEndpointCreate } from './WebhookEndpointCreate';
import { WebhookEndpointList } from './WebhookEndpointList';
import { WebhookEndpointShow } from './WebhookEndpointShow';

export default {
  name: 'webhook-endpoints',
  list: WebhookEndpointList,
  show: WebhookEndpointShow,
  create: WebhookEndpointCreate,
  icon: Icon,
  recordRepresentation: 'url',
};
