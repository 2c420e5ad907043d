import { object, ref, string } from 'yup';
import { isRepeatedOrSequential } from '../../../contract/passwords';
import { t } from '../../config/locale';

export const PASSWORD_MIN_LENGTH = 8;

const email = string().trim().required(t.validation.emailRequired).email(t.validation.invalidEmail);
const newPassword = string()
  .required(t.validation.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, t.validation.passwordMin(PASSWORD_MIN_LENGTH))
  // The identity provider refuses these too (contract/passwords.ts): say so before the request.
  .test(
    'not-repetitive',
    t.validation.passwordRepetitive,
    (value) => !value || !isRepeatedOrSequential(value),
  );
const confirmPassword = string()
  .required(t.validation.passwordConfirmRequired)
  .oneOf([ref('password')], t.validation.passwordsMustMatch);

export const loginSchema = object({
  email,
  password: string().required(t.validation.passwordRequired),
});

const firstName = string().trim().required(t.validation.firstNameRequired);
const lastName = string().trim().required(t.validation.lastNameRequired);

export const registerSchema = object({
  firstName,
  lastName,
  email,
  password: newPassword,
  confirmPassword,
});

export const forgotPasswordSchema = object({ email });

export const setNewPasswordSchema = object({ password: newPassword, confirmPassword });

export const changePasswordSchema = object({
  currentPassword: string().required(t.validation.currentPasswordRequired),
  password: newPassword,
  confirmPassword,
});

export const profileSchema = object({ firstName, lastName });
