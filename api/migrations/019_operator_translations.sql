-- 019: every text the operator writes exists per language (spec: 16 languages). English is the fallback per field:
-- a language that leaves a field empty (NULL or '') shows the English text of that field, never a blank.
--
-- Packages: package_translations (one row per package and language, 001) also carries the two tags now. The columns
-- of packages (tag, left_tag, area) stay the untranslated default behind English.
ALTER TABLE package_translations ADD COLUMN tag text, ADD COLUMN left_tag text;

-- Category tabs: package_categories.name is the stable key the logic uses ('Recommend', ?type=Europe, typeList);
-- the label a screen shows is translated here (no row: the English label, else the key itself).
CREATE TABLE package_category_translations (
  category_id bigint NOT NULL REFERENCES package_categories (id) ON DELETE CASCADE,
  lang text NOT NULL,
  label text NOT NULL,
  PRIMARY KEY (category_id, lang)
);

-- Adverts (banners, top list, pop-ups, float, recall): the row's own title, button text and picture are the default
-- (English); a picture often carries its text, so it can be given per language too.
CREATE TABLE activity_translations (
  activity_id bigint NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  lang text NOT NULL,
  title text,
  btn_text text,
  image text,
  PRIMARY KEY (activity_id, lang)
);
-- A banner tap is reported under the title the visitor saw: events find their advert by a translated title too.
CREATE INDEX activity_translations_title_idx ON activity_translations (title);
