// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_TEXTS } from '../../../contract/keys.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { LoginForm } from './LoginForm.tsx';

afterEach(cleanup);

const renderForm = (props: Partial<Parameters<typeof LoginForm>[0]> = {}) => {
  const onSubmit = vi.fn();
  renderWithProviders(<LoginForm busy={false} error={null} isBlocked={false} onSubmit={onSubmit} {...props} />);
  return { onSubmit };
};

describe('LoginForm', () => {
  it('shows no error before any attempt', () => {
    renderForm();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the seed default message for bad credentials', () => {
    renderForm({ error: { key: 'error.auth.bad-credentials' } });
    expect(screen.getByRole('alert').textContent).toContain(SEED_TEXTS.loginDefaultError);
  });

  it("shows the server's own text when the key is not one we know", () => {
    renderForm({ error: { key: 'error.auth.ldap-down', message: 'Annuaire indisponible, réessayez plus tard' } });
    expect(screen.getByRole('alert').textContent).toContain('Annuaire indisponible, réessayez plus tard');
  });

  it('falls back to the default message when the server gives no text', () => {
    renderForm({ error: { key: 'error.internal' } });
    expect(screen.getByRole('alert').textContent).toContain(SEED_TEXTS.loginDefaultError);
  });

  it('tells a blocked user to wait 30 minutes', () => {
    renderForm({ error: { key: 'error.auth.blocked' }, isBlocked: true });
    expect(screen.getByRole('alert').textContent).toMatch(/30 minutes/);
  });

  it('submits the trimmed identifier and the password, and toggles the password visibility', () => {
    const { onSubmit } = renderForm();
    const password = screen.getByLabelText(/Mot de passe/) as HTMLInputElement;
    fireEvent.change(screen.getByLabelText(/Identifiant/), { target: { value: '  admin ' } });
    fireEvent.change(password, { target: { value: 'Secret123!' } });
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(onSubmit).toHaveBeenCalledWith('admin', 'Secret123!');
  });
});
