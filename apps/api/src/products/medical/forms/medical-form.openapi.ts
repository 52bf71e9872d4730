import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { DECLARATION_SECTIONS } from './medical-form.questions';

const text: SchemaObject = { type: 'string' };
const list: SchemaObject = { type: 'array', items: { type: 'string' } };

const yesNoQuestion: SchemaObject = {
  type: 'object',
  required: ['question', 'question_ar', 'choices', 'choices_ar', 'required'],
  properties: {
    question: text,
    question_ar: text,
    choices: { type: 'array', items: { type: 'string', enum: ['Yes', 'No'] } },
    choices_ar: list,
    required: { type: 'boolean', description: 'Whether every declaration must answer it.' },
  },
};

const diagnoses: SchemaObject = {
  type: 'object',
  required: ['answer_key', 'question', 'question_ar', 'options', 'options_ar', 'required'],
  properties: {
    answer_key: { type: 'string', enum: ['chronic_disease'], description: 'The key its answer is sent under: a list of options ("None of the above" alone).' },
    question: text,
    question_ar: text,
    options: list,
    options_ar: list,
    required: { type: 'boolean' },
  },
};

/** GET /medical-forms: each section maps answer keys to their question (chronic_conditions holds `diagnoses`). */
export const QUESTION_TREE_SCHEMA: SchemaObject = {
  type: 'object',
  required: [...DECLARATION_SECTIONS],
  properties: Object.fromEntries(
    DECLARATION_SECTIONS.map((section) => [
      section,
      section === 'chronic_conditions'
        ? { type: 'object', required: ['diagnoses'], properties: { diagnoses } }
        : { type: 'object', additionalProperties: yesNoQuestion },
    ]),
  ),
};
