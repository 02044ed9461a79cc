-- Issue 29: delivery-area cities in the shopper's language. The areas were one settings document (`deliveryLocations`,
-- cities as English strings); each city is now a row with its English and Chinese names, like store locations and
-- provinces, so POST /common3/deliveryLocations answers the names in the shopper's language and orderDeliverInfo accepts
-- a city by either name. A city moved here from the settings document has no Chinese name yet (name_zh NULL: shown in
-- English); the demo store's names are filled in by its seed (seed/index.ts, step seeded.deliveryCitiesZh).
CREATE TABLE delivery_cities (
  country text NOT NULL,
  province text NOT NULL,
  name_en text NOT NULL,
  name_zh text,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (country, province, name_en)
);

INSERT INTO delivery_cities (country, province, name_en, sort)
SELECT DISTINCT ON (upper(area.value->>'country'), upper(area.value->>'province'), trim(city.value))
       upper(area.value->>'country'), upper(area.value->>'province'), trim(city.value),
       (area.ordinality * 1000 + city.ordinality)::integer
  FROM settings s
  CROSS JOIN LATERAL jsonb_array_elements(s.value) WITH ORDINALITY AS area(value, ordinality)
  CROSS JOIN LATERAL jsonb_array_elements_text(area.value->'cities') WITH ORDINALITY AS city(value, ordinality)
 WHERE s.key = 'deliveryLocations' AND jsonb_typeof(s.value) = 'array' AND trim(city.value) <> ''
 ORDER BY upper(area.value->>'country'), upper(area.value->>'province'), trim(city.value), area.ordinality, city.ordinality;

DELETE FROM settings WHERE key = 'deliveryLocations';
