import Icon from '@mui/icons-material/OutboxOutlined';
import { WebhookDeliveryList } from './WebhookDeliveryList';
import { WebhookDeliveryShow } from './WebhookDeliveryShow';

export default { name: 'webhook-deliveries', list: WebhookDeliveryList, show: WebhookDeliveryShow, icon: Icon, recordRepresentation: 'id' };
