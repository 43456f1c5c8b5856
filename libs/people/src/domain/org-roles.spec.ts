import { hashInvitationCode, looksLikeInvitationCode, manages, mayChangeRole, mayRename, newInvitationCode, removesLastOwner } from './org-roles';

describe('organization roles (contract-extensions §13.2)', () => {
  it('owners and admins manage; members do not', () => {
    expect([manages('owner'), manages('admin'), manages('member'), manages(null)]).toEqual([true, true, false, false]);
  });

  it('an owner sets any role; an admin moves only between member and admin; a member none', () => {
    expect(mayChangeRole('owner', 'member', 'owner')).toBe(true);
    expect(mayChangeRole('owner', 'owner', 'member')).toBe(true);
    expect(mayChangeRole('admin', 'member', 'admin')).toBe(true);
    expect(mayChangeRole('admin', 'admin', 'member')).toBe(true);
    expect(mayChangeRole('admin', 'member', 'owner')).toBe(false);
    expect(mayChangeRole('admin', 'owner', 'admin')).toBe(false);
    expect(mayChangeRole('member', 'member', 'admin')).toBe(false);
  });

  it('names: the user themself or a manager', () => {
    expect(mayRename({ userId: 'a', role: 'member' }, 'a')).toBe(true);
    expect(mayRename({ userId: 'a', role: 'member' }, 'b')).toBe(false);
    expect(mayRename({ userId: 'a', role: 'admin' }, 'b')).toBe(true);
  });

  it('refuses to remove the last active owner, by demotion or deactivation', () => {
    const owner = { role: 'owner' as const, status: 'active' as const };
    expect(removesLastOwner(owner, { role: 'admin', status: 'active' }, 1)).toBe(true);
    expect(removesLastOwner(owner, { role: 'owner', status: 'deactivated' }, 1)).toBe(true);
    expect(removesLastOwner(owner, { role: 'admin', status: 'active' }, 2)).toBe(false);
    expect(removesLastOwner({ role: 'member', status: 'active' }, { role: 'member', status: 'deactivated' }, 1)).toBe(false);
  });

  it('codes are inv_ and 32 random bytes, stored as SHA-256', () => {
    const code = newInvitationCode();
    expect(looksLikeInvitationCode(code)).toBe(true);
    expect(newInvitationCode()).not.toBe(code);
    expect(hashInvitationCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeInvitationCode('inv_short')).toBe(false);
  });
});
