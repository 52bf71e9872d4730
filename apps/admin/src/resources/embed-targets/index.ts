export { EmbedTargetsPanel } from './EmbedTargetsPanel';
