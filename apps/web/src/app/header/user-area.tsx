import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-provider.tsx';
import { userLabel } from '../../auth/auth-state.ts';
import { ApiKeyDialog } from '../../features/api-keys/api-key-dialog.tsx';
import styles from './user-area.module.css';

/**
 * The header's account corner, one per authentication state of the spec: a disabled "Loading" button;
 * Sign In for signed-out and anonymous visitors; Complete Registration; or the API button and user menu.
 */
export function UserArea(): React.JSX.Element {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const [keysOpen, setKeysOpen] = useState(false);

  if (status === 'loading') {
    return (
      <button type="button" className={styles.action} disabled>
        Loading
      </button>
    );
  }
  if (status === 'signed-out' || status === 'anonymous') {
    return (
      <Link to="/auth" className={styles.action}>
        Sign In
      </Link>
    );
  }
  if (status === 'incomplete') {
    return (
      <Link to="/complete-profile" className={styles.action}>
        Complete Registration
      </Link>
    );
  }

  const label = userLabel(user);
  return (
    <div className={styles.area}>
      <button type="button" className={styles.api} onClick={() => setKeysOpen(true)} aria-label="API keys">
        API
      </button>
      <DropdownMenu.Root>
        {/* The accessible name starts with the visible name (WCAG 2.5.3), so voice users can say what they see. */}
        <DropdownMenu.Trigger className={styles.menuTrigger}>
          <span className={styles.avatar} aria-hidden="true">
            {label.charAt(0).toUpperCase()}
          </span>
          <span className={styles.label}>{label}</span>{' '}
          <span className="visually-hidden">account menu</span>
          <span aria-hidden="true">▾</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
            {user?.email && <DropdownMenu.Label className={styles.menuLabel}>{user.email}</DropdownMenu.Label>}
            <DropdownMenu.Item className={styles.item} onSelect={() => void navigate('/settings#profile')}>
              Profile
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.item} onSelect={() => void navigate('/settings')}>
              Settings
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.item} onSelect={() => setKeysOpen(true)}>
              API Keys
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={styles.separator} />
            <DropdownMenu.Item className={styles.item} onSelect={() => void signOut().then(() => navigate('/'))}>
              Sign Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ApiKeyDialog open={keysOpen} onOpenChange={setKeysOpen} />
    </div>
  );
}
