import { createElement } from 'react';
import Icon from '@mui/icons-material/HistoryOutlined';
import { ActionText, AuditLogList, AuditLogShow } from './AuditLog';

// the page title says what was done, in words, never the action's code
export default { name: 'audit-log', list: AuditLogList, show: AuditLogShow, icon: Icon, recordRepresentation: createElement(ActionText) };
