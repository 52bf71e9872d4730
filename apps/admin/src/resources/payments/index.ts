import Icon from '@mui/icons-material/PaymentsOutlined';
import { PaymentList, PaymentShow } from './Payments';

export default { name: 'payments', list: PaymentList, show: PaymentShow, icon: Icon, recordRepresentation: 'id' };
