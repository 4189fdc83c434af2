// An MCP server's form as questions and the answers checked against it: what server-everything's
// form does not cover (a date-time, string lengths, a required field left empty, a choice typed
// by its value, forms Wave cannot show).
import { describe, expect, it } from 'vitest';
import { LEAVE_EMPTY, formContent, formFields, formQuestions } from './elicitation-form.js';

const SCHEMA = {
  type: 'object',
  properties: {
    when: { type: 'string', format: 'date-time', title: 'When' },
    code: { type: 'string', minLength: 3, maxLength: 5 },
    size: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
    count: { type: 'integer', minimum: 1 },
  },
  required: ['when', 'code'],
};

function fields() {
  const read = formFields(SCHEMA);
  if (typeof read === 'string') throw new Error(read);
  return read;
}

describe('an MCP form', () => {
  it('becomes one question per field, with what each takes', () => {
    expect(formQuestions(fields())).toStrictEqual([
      {
        question: 'When (a date and time, ISO 8601)',
        header: 'When',
        options: [],
        multiSelect: false,
      },
      { question: 'code', header: 'code', options: [], multiSelect: false },
      {
        question: 'size (optional)',
        header: 'size',
        options: [
          { label: 'Small', description: '' },
          { label: 'Medium', description: '' },
          { label: LEAVE_EMPTY, description: 'send no value' },
        ],
        multiSelect: false,
      },
      {
        question: 'count (a whole number, at least 1; optional)',
        header: 'count',
        options: [{ label: LEAVE_EMPTY, description: 'send no value' }],
        multiSelect: false,
      },
    ]);
  });

  it('takes fitting answers as typed values: a choice by its label or its value', () => {
    expect(
      formContent(fields(), [['2026-12-06T03:00:00Z'], ['abcd'], ['m'], [LEAVE_EMPTY]]),
    ).toStrictEqual({ content: { when: '2026-12-06T03:00:00Z', code: 'abcd', size: 'm' } });
    expect(formContent(fields(), [['2026-12-06T03:00'], ['abc'], ['Small'], ['3']])).toStrictEqual({
      content: { when: '2026-12-06T03:00', code: 'abc', size: 's', count: 3 },
    });
  });

  it('names every field whose answer does not fit', () => {
    expect(formContent(fields(), [[LEAVE_EMPTY], ['ab'], ['Large'], ['0']])).toStrictEqual({
      problem:
        'When: it is required; code: it takes at least 3 characters; size: "Large" is not one of its choices; count: 0 is less than 1.',
    });
    expect(formContent(fields(), [['2026-12-06'], ['abcdef'], [], ['1.5']])).toStrictEqual({
      problem:
        'When: "2026-12-06" is not a date and time; code: it takes at most 5 characters; count: "1.5" is not a whole number.',
    });
  });

  it('that Wave cannot show is said why', () => {
    expect(formFields({ type: 'object', properties: { nested: { type: 'object' } } })).toBe(
      'its field "nested" is not a string, number, boolean or choice',
    );
    expect(formFields({ type: 'object', properties: {} })).toBe('its form has no fields');
    expect(formFields('no')).toBe('its form has no fields Wave can read');
  });
});
