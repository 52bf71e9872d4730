import Icon from '@mui/icons-material/HistoryOutlined';
import { AuditLogList, AuditLogShow } from './AuditLog';

export default { name: 'audit-log', list: AuditLogList, show: AuditLogShow, icon: Icon, recordRepresentation: 'action' };
