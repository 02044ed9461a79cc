-- Influencer profiles (contract/influencers.ts). One profile per user. `draft` is the owner's latest version, `published`
-- the approved one the public sees (null until first approved); `review` is the state of the draft.
CREATE TABLE influencer_profiles (
  id serial PRIMARY KEY,
  user_id int NOT NULL UNIQUE REFERENCES users(id),
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED')),
  review text NOT NULL CHECK (review IN ('NONE', 'PENDING', 'REJECTED')),
  reason text,
  draft jsonb NOT NULL,
  published jsonb,
  like_count int NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX influencer_profiles_newest ON influencer_profiles (published_at DESC, id DESC) WHERE status = 'APPROVED';
CREATE INDEX influencer_profiles_likes ON influencer_profiles (like_count DESC, id DESC) WHERE status = 'APPROVED';

-- One like per shopper per profile: the primary key makes a repeated or concurrent like a no-op.
CREATE TABLE influencer_likes (
  profile_id int NOT NULL REFERENCES influencer_profiles(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (profile_id, user_id)
);
