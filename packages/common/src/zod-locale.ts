import { z } from 'zod';

// Zod's own messages (for rules without a custom text) in Vietnamese, on both sides.
z.config(z.locales.vi());
