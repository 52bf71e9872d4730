/** Every instance LISTENs here; the payload is `<quote request id>:<answer seq>` or `<id>:end`. */
export const QUOTE_PROGRESS_CHANNEL = 'motor_quote_progress';
