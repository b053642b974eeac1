import { useId } from 'react';
import { PasswordField } from './PasswordField.tsx';
import { PasswordRulesList } from './PasswordRulesList.tsx';

/** A new password and its confirmation, with the rules of seed 000 §5 ticked live beneath them. */
export const NewPasswordFields = ({
  passwordLabel,
  confirmationLabel,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
}: {
  passwordLabel: string;
  confirmationLabel: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}) => {
  const rulesId = useId();
  return (
    <>
      <PasswordField
        label={passwordLabel}
        value={password}
        onChange={onPasswordChange}
        autoComplete="new-password"
        required
        describedBy={rulesId}
      />
      <PasswordField
        label={confirmationLabel}
        value={confirmation}
        onChange={onConfirmationChange}
        autoComplete="new-password"
        required
        describedBy={rulesId}
      />
      <PasswordRulesList id={rulesId} password={password} confirmation={confirmation} />
    </>
  );
};
