import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from './messages.ts';
import {
  MESSAGE_KEY_PATTERN,
  accountSchema,
  contentNotEmptySchema,
  editorRequiredSchema,
  editorText,
  idNumberSchema,
  isResidentIdNumber,
  mobileSchema,
  passwordSchema,
  personNameSchema,
  required,
} from './validation.ts';

/** The message of the first issue, or 'ok'. */
function outcome(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0]!.message;
}

describe('account (spec §5: 3–15 characters, starts with a letter, letters/digits/underscore)', () => {
  it.each(['abc', 'a12', 'A_b', 'user_2024', 'abcdefghijklmno', 'Z__'])('accepts %s', (value) => {
    expect(outcome(accountSchema, value)).toBe('ok');
  });
  it.each([
    ['ab', 'too short'],
    ['abcdefghijklmnop', '16 characters'],
    ['1abc', 'starts with a digit'],
    ['_abc', 'starts with an underscore'],
    ['ab-c', 'hyphen'],
    ['ab c', 'space'],
    ['abc ', 'trailing space'],
    ['用户名abc', 'non-ASCII letters'],
    ['abc@x', 'at sign'],
  ])('refuses %s (%s)', (value) => {
    expect(outcome(accountSchema, value)).toBe('validation.account');
  });
  it('asks for a value when it is missing or empty', () => {
    expect(outcome(accountSchema, undefined)).toBe('validation.required');
    expect(outcome(accountSchema, null)).toBe('validation.required');
    expect(outcome(accountSchema, '')).toBe('validation.required');
    expect(outcome(accountSchema, 12345)).toBe('validation.account');
  });
});

describe('password (spec §5: 6–32 characters, none of & < > " \')', () => {
  it.each(['secret', 'a'.repeat(32), 'pass word!', 'Pa$$w0rd#%', '密码一二三四', '😀😀😀😀😀😀'])('accepts %s', (value) => {
    expect(outcome(passwordSchema, value)).toBe('ok');
  });
  it.each(['12345', 'a'.repeat(33), 'abc&def', 'abc<def', 'abc>def', 'abc"def', "abc'def", 'abc\ndef'])(
    'refuses %j',
    (value) => {
      expect(outcome(passwordSchema, value)).toBe('validation.password');
    },
  );
  it('asks for a value when it is missing or empty', () => {
    expect(outcome(passwordSchema, undefined)).toBe('validation.required');
    expect(outcome(passwordSchema, '')).toBe('validation.required');
  });
});

describe('mobile (mainland China: 1[3-9] and 9 more digits)', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (value) => {
    expect(outcome(mobileSchema, value)).toBe('ok');
  });
  it.each(['12800138000', '10800138000', '1380013800', '138001380000', '+8613800138000', '1380013800a', ' 13800138000'])(
    'refuses %s',
    (value) => {
      expect(outcome(mobileSchema, value)).toBe('validation.mobile');
    },
  );
  it('asks for a value when it is missing', () => {
    expect(outcome(mobileSchema, undefined)).toBe('validation.required');
  });
});

describe('ID number (18-character PRC resident ID with check character)', () => {
  it.each(['11010519491231002X', '440524188001010014', '310101200002290015', '110105209912311232'])('accepts %s', (value) => {
    expect(outcome(idNumberSchema, value)).toBe('ok');
  });
  it('accepts a lowercase x and stores it as X', () => {
    expect(idNumberSchema.parse('11010519491231002x')).toBe('11010519491231002X');
  });
  it.each([
    ['110105194912310021', 'wrong check character'],
    ['44052418800101001X', 'X where a digit belongs'],
    ['310101190002290019', '29 February of a non-leap year (checksum is right)'],
    ['110105194913310025', 'month 13'],
    ['010105194912310025', 'region code starting with 0'],
    ['11010519491231002', '17 characters'],
    ['11010517491231002X', 'born before 1800'],
    ['1101051949123100XX', 'X before the last place'],
    ['110105491231002', 'old 15-digit form'],
  ])('refuses %s (%s)', (value) => {
    expect(isResidentIdNumber(value)).toBe(false);
    expect(outcome(idNumberSchema, value)).toBe('validation.idNumber');
  });
});

describe('person name (2–30 letters of any script, words joined by one space or middle dot)', () => {
  it.each(['张三', '欧阳娜娜', '阿依古丽·买买提', 'Mary Jane', 'José Álvarez', 'ジョン・スミス', 'Zoë', '李'.repeat(30)])(
    'accepts %s',
    (value) => {
      expect(outcome(personNameSchema, value)).toBe('ok');
    },
  );
  it.each([
    ['李', 'one character'],
    ['李'.repeat(31), '31 characters'],
    ['张三1', 'digit'],
    ['O\'Brien', 'apostrophe'],
    [' 张三', 'leading space'],
    ['张三·', 'trailing dot'],
    ['Mary  Jane', 'double space'],
    ['张·', 'dot at the end'],
    ['<b>张三</b>', 'markup'],
  ])('refuses %j (%s)', (value) => {
    expect(outcome(personNameSchema, value)).toBe('validation.name');
  });
});

describe('required()', () => {
  it.each([undefined, null, '', '   ', []])('refuses %j with validation.required', (value) => {
    expect(outcome(required(), value)).toBe('validation.required');
    expect(outcome(required(z.array(z.number())), value)).toBe('validation.required');
  });
  it('then applies the inner schema', () => {
    expect(outcome(required(), 'x')).toBe('ok');
    expect(outcome(required(z.coerce.number().int()), 3)).toBe('ok');
    expect(outcome(required(z.coerce.number().int()), 0)).toBe('ok');
    expect(outcome(required(z.string().min(3, 'validation.tooShort')), 'ab')).toBe('validation.tooShort');
  });
  it('reports a missing object key under the field', () => {
    const result = z.object({ title: required() }).safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['title'], message: 'validation.required' });
  });
});

describe('contentNotEmptySchema', () => {
  it('accepts text with something in it', () => {
    expect(outcome(contentNotEmptySchema, ' a ')).toBe('ok');
  });
  it.each(['', '  \n\t', undefined, 3])('refuses %j with validation.contentEmpty', (value) => {
    expect(outcome(contentNotEmptySchema, value)).toBe('validation.contentEmpty');
  });
});

describe('editorRequiredSchema (editor HTML without content counts as empty)', () => {
  it.each([
    '<p>Hello</p>',
    '<p><strong>x</strong></p>',
    '<p><img src="/storage/a.png"></p>',
    '<video src="/a.mp4"></video>',
    '&amp;',
  ])('accepts %s', (value) => {
    expect(outcome(editorRequiredSchema, value)).toBe('ok');
  });
  it.each([
    '',
    '<p></p>',
    '<p><br></p>',
    '<p>&nbsp;</p><p> &#160; </p>',
    '<div><span>\u200b</span></div>',
    '<!-- <img src=x> -->',
    '<style>p{}</style><script>alert(1)</script>',
    undefined,
  ])('refuses %j with validation.editorRequired', (value) => {
    expect(outcome(editorRequiredSchema, value)).toBe('validation.editorRequired');
  });
  it('extracts the visible text', () => {
    expect(editorText('<h1>Title</h1>\n<p>a&nbsp;b</p>')).toBe('Title\na b');
  });
});

describe('messages', () => {
  const keys = [
    'validation.account',
    'validation.password',
    'validation.mobile',
    'validation.idNumber',
    'validation.name',
    'validation.contentEmpty',
    'validation.required',
    'validation.editorRequired',
  ];
  it.each(keys)('%s is a message key with a text in both languages', (key) => {
    expect(key).toMatch(MESSAGE_KEY_PATTERN);
    expect(translate('en', key)).not.toBe(key);
    expect(translate('zh-cn', key)).not.toBe(key);
    expect(translate('zh-cn', key)).not.toBe(translate('en', key));
  });
  it('uses the spec wording in English', () => {
    expect(translate('en', 'validation.mobile')).toBe('Please enter the correct mobile number');
    expect(translate('en', 'validation.idNumber')).toBe('Please enter the correct ID number');
    expect(translate('en', 'validation.name')).toBe('Please enter the correct name');
    expect(translate('en', 'validation.contentEmpty')).toBe('Content cannot be empty');
  });
});
