import type { PublicUser } from 'contracts';

/** The Profile Details tab: who is signed in. */
export function ProfileDetails({ user }: { user: PublicUser }) {
  return (
    <>
      <h2>Profile Details</h2>
      <p>
        <strong>Name:</strong> {user.name}
      </p>
      <p>
        <strong>Email:</strong> {user.email}
      </p>
    </>
  );
}
