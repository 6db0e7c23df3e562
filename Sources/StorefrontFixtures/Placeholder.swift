enum StorefrontFixturesPlaceholder {}
