import { t } from '../../config/locale';
import { registerSchema, setNewPasswordSchema } from './schemas';

const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

async function passwordProblem(password: string): Promise<string | null> {
  try {
    await registerSchema.validate({ ...person, password, confirmPassword: password }, { abortEarly: false });
    return null;
  } catch (error) {
    return (error as { errors: string[] }).errors.join('; ');
  }
}

describe('the new-password rule of the forms (issue 27)', () => {
  it('refuses one character repeated and runs of consecutive characters, as the identity provider does', async () => {
    expect({
      repeated: await passwordProblem('aaaaaaaa'),
      sequential: await passwordProblem('abcdefgh'),
      descending: await passwordProblem('87654321'),
      block: await passwordProblem('xyzxyzxyz'),
      fine: await passwordProblem('correct horse battery'),
      short: await passwordProblem('abc'),
    }).toEqual({
      repeated: t.validation.passwordRepetitive,
      sequential: t.validation.passwordRepetitive,
      descending: t.validation.passwordRepetitive,
      block: t.validation.passwordRepetitive,
      fine: null,
      short: `${t.validation.passwordMin(8)}; ${t.validation.passwordRepetitive}`,
    });
    await expect(
      setNewPasswordSchema.validate({ password: 'bbbbbbbb', confirmPassword: 'bbbbbbbb' }),
    ).rejects.toThrow(t.validation.passwordRepetitive);
  });
});
