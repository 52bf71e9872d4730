export * from './vehicle-lookup.types';
export { MAKERS } from './data/makers.data';
export { BODY_TYPES } from './data/body-types.data';
export { ALL_MODELS, catalogueStats, findBodyType, findMaker, findModel, searchBodyTypes, searchMakers, searchModels } from './vehicle-catalogue';
export { foldSearchText } from './search-text';
