import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-provider.tsx';
import { userLabel } from '../../auth/auth-state.ts';
import { ApiKeyDialog } from '../../features/api-keys/api-key-dialog.tsx';

/** The header's account corner: one of the five authentication states of the spec. */
export function UserArea(): React.JSX.Element {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const [keysOpen, setKeysOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  if (status === 'loading') {
    return (
      <button type="button" disabled>
        Loading
      </button>
    );
  }
  if (status === 'signed-out' || status === 'anonymous') return <Link to="/auth">Sign In</Link>;
  if (status === 'incomplete') return <Link to="/complete-profile">Complete Registration</Link>;

  return (
    <div>
      <button type="button" onClick={() => setKeysOpen(true)}>
        API
      </button>
      <button type="button" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
        {userLabel(user)}
      </button>
      {menuOpen && (
        <div role="menu">
          <button role="menuitem" type="button" onClick={() => void navigate('/settings#profile')}>
            Profile
          </button>
          <button role="menuitem" type="button" onClick={() => void navigate('/settings')}>
            Settings
          </button>
          <button role="menuitem" type="button" onClick={() => setKeysOpen(true)}>
            API Keys
          </button>
          <button role="menuitem" type="button" onClick={() => void signOut().then(() => navigate('/'))}>
            Sign Out
          </button>
        </div>
      )}
      <ApiKeyDialog open={keysOpen} onOpenChange={setKeysOpen} />
    </div>
  );
}
