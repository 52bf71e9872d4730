import Icon from '@mui/icons-material/CurrencyExchangeOutlined';
import { RefundList, RefundShow } from './Refunds';

export default { name: 'refunds', list: RefundList, show: RefundShow, icon: Icon, recordRepresentation: 'id' };
