import Icon from '@mui/icons-material/ScheduleOutlined';
import { DueEventList, DueEventShow } from './DueEvents';

export default { name: 'due-events', list: DueEventList, show: DueEventShow, icon: Icon, recordRepresentation: 'id' };
