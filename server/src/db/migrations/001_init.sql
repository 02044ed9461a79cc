-- Store-wide configuration documents (appConfig, payment, social, css, navigation, checkout rules, messages, ...)
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE categories (
  name text PRIMARY KEY,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  image text,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE brands (
  name text PRIMARY KEY,
  name_zh text
);

CREATE SEQUENCE product_id_seq START 1001;
CREATE TABLE products (
  id int PRIMARY KEY DEFAULT nextval('product_id_seq'),
  name_en text NOT NULL,
  name_zh text NOT NULL,
  desc_en text NOT NULL DEFAULT '',
  desc_zh text NOT NULL DEFAULT '',
  category text NOT NULL REFERENCES categories(name),
  brand text NOT NULL REFERENCES brands(name),
  tags jsonb NOT NULL DEFAULT '[]',
  clearance boolean NOT NULL DEFAULT false,
  price int NOT NULL CHECK (price >= 0),
  list_price int,
  currency text NOT NULL DEFAULT 'CAD',
  images jsonb NOT NULL DEFAULT '[]',
  options jsonb NOT NULL DEFAULT '[]',
  product_type text NOT NULL DEFAULT 'PRODUCT',
  record_status text NOT NULL DEFAULT 'ACTIVE',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_category_idx ON products (category);
CREATE INDEX products_created_idx ON products (created_at DESC, id DESC);

-- Per-option inventory. option_pair is normalised ('color:Red,size:M', names sorted); '' for products without options.
CREATE TABLE variants (
  product_id int NOT NULL REFERENCES products(id),
  option_pair text NOT NULL,
  stock int NOT NULL CHECK (stock >= 0),
  PRIMARY KEY (product_id, option_pair)
);

CREATE TABLE store_locations (
  id text PRIMARY KEY,
  display boolean NOT NULL,
  virtual boolean NOT NULL,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  street text NOT NULL,
  city text NOT NULL,
  province text NOT NULL,
  post_code text NOT NULL,
  country text NOT NULL DEFAULT 'CA',
  landing_page_url text NOT NULL DEFAULT '/',
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE exchange_rates (
  currency text PRIMARY KEY,
  symbol text NOT NULL,
  rate double precision NOT NULL,
  is_base boolean NOT NULL DEFAULT false,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE coupons (
  code text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('PERCENT', 'FIXED')),
  value int NOT NULL CHECK (value > 0),
  min_subtotal int NOT NULL DEFAULT 0,
  expires_at timestamptz,
  desc_en text NOT NULL,
  desc_zh text NOT NULL,
  public boolean NOT NULL DEFAULT true
);

CREATE TABLE pages (
  name text PRIMARY KEY,
  title_en text NOT NULL,
  title_zh text NOT NULL,
  content_en text NOT NULL,
  content_zh text NOT NULL
);

CREATE TABLE section_templates (
  type text PRIMARY KEY,
  sections jsonb NOT NULL
);

CREATE TABLE countries (
  code text PRIMARY KEY,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE provinces (
  country text NOT NULL REFERENCES countries(code),
  code text NOT NULL,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  PRIMARY KEY (country, code)
);

CREATE SEQUENCE user_id_seq START 10001;
CREATE TABLE users (
  id int PRIMARY KEY DEFAULT nextval('user_id_seq'),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  profile_image text NOT NULL DEFAULT '',
  my_id text NOT NULL UNIQUE,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id int REFERENCES users(id),
  locale text NOT NULL DEFAULT 'en',
  location_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE addresses (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  type text NOT NULL,
  data jsonb NOT NULL,
  sort int NOT NULL DEFAULT 0
);
CREATE INDEX addresses_user_idx ON addresses (user_id, type);

-- The cart is also the order draft: checkout choices live on it until an order is settled.
CREATE TABLE carts (
  id serial PRIMARY KEY,
  session_id int UNIQUE REFERENCES sessions(id) ON DELETE CASCADE,
  user_id int UNIQUE REFERENCES users(id),
  order_method text,
  pickup_date text,
  pickup_time text,
  delivery_date text,
  delivery_time text,
  local_store_id text,
  table_number text,
  contact jsonb,
  delivery jsonb,
  tip_percent int,
  tip_amount int,
  coupon_code text,
  store_credit int NOT NULL DEFAULT 0,
  customer_comment text NOT NULL DEFAULT '',
  reserved_order_id int,
  reserved_fingerprint text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (session_id IS NOT NULL OR user_id IS NOT NULL)
);

CREATE TABLE cart_lines (
  cart_id int NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  item_key text NOT NULL,
  product_id int NOT NULL REFERENCES products(id),
  option_pair text NOT NULL DEFAULT '',
  quantity int NOT NULL CHECK (quantity > 0),
  add_on boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (cart_id, item_key)
);

CREATE SEQUENCE order_id_seq START 100001;
CREATE TABLE orders (
  id int PRIMARY KEY DEFAULT nextval('order_id_seq'),
  user_id int REFERENCES users(id),
  session_id int,
  status text NOT NULL,
  payment_status text NOT NULL,
  method text NOT NULL,
  local_store_id text,
  local_store_name text,
  table_number text,
  contact jsonb,
  delivery jsonb,
  pickup_date_time text,
  delivery_date_time text,
  subtotal int NOT NULL,
  discount int NOT NULL,
  tip int NOT NULL,
  tax int NOT NULL,
  shipping int NOT NULL,
  store_credit int NOT NULL,
  total int NOT NULL,
  currency text NOT NULL,
  coupon_code text,
  customer_comment text NOT NULL DEFAULT '',
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  settled_at timestamptz
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_session_idx ON orders (session_id);

CREATE TABLE order_lines (
  order_id int NOT NULL REFERENCES orders(id),
  line_no int NOT NULL,
  item_key text NOT NULL,
  product_id int NOT NULL REFERENCES products(id),
  name_en text NOT NULL,
  name_zh text NOT NULL,
  image text,
  option_pair text NOT NULL,
  quantity int NOT NULL,
  unit_price int NOT NULL,
  line_total int NOT NULL,
  add_on boolean NOT NULL,
  PRIMARY KEY (order_id, line_no)
);

CREATE TABLE order_comments (
  id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id),
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE store_credit_ledger (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  amount int NOT NULL,
  reason text NOT NULL,
  order_id int,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX store_credit_user_idx ON store_credit_ledger (user_id);

CREATE TABLE form_submissions (
  id serial PRIMARY KEY,
  session_id int,
  user_id int,
  form jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
