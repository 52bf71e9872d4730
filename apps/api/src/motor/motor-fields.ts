/** Moved to libs/common (several families use it); kept here so motor's imports stay as they are. */
export { emailField } from '@lib/common';
