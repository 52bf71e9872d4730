/** Injection token of the TplProvider port (libs/providers), over HTTP to the sandbox service. */
export const TPL_PROVIDER = Symbol('TPL_PROVIDER');
/** The product a client must be enrolled in for /v2/car/policies. */
export const TPL_PRODUCT = 'motor-tpl' as const;
