import { shape, z } from '@lib/common';
import { GUIDELINE_TEXTS } from './guideline-texts.data';

/** The wording in one language. */
const guidelineTexts = z.object({
  provider: z.object({
    pre: z.string(),
    brand: z.string(),
    brand_url: z.string().meta({ format: 'uri' }),
    supervision: z.string(),
    license: z.string(),
  }),
  support: z.object({
    lead: z.string(),
    whatsapp_label: z.string(),
    whatsapp_url: z.string().meta({ format: 'uri' }),
    terms_label: z.string(),
    terms_url: z.string().meta({ format: 'uri' }),
    tollfree_label: z.string(),
    tollfree_number: z.string(),
  }),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).readonly(),
});

/** The broker attribution, support routes and FAQ partners show beside quotes, in English and Arabic. */
export const guidelineTextsShape = shape('MotorGuidelineTexts', z.object({ en: guidelineTexts, ar: guidelineTexts }).meta({ example: GUIDELINE_TEXTS }));
export type GuidelineTextsOut = z.output<typeof guidelineTextsShape>;
