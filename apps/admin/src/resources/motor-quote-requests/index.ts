import Icon from '@mui/icons-material/RequestQuoteOutlined';
import { QuoteRequestList } from './QuoteRequestList';
import { QuoteRequestShow } from './QuoteRequestShow';

export default { name: 'motor-quote-requests', list: QuoteRequestList, show: QuoteRequestShow, icon: Icon, recordRepresentation: 'id' };
