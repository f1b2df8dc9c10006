// Types of the jest-dom matchers the web test project installs (jest.setup.web.ts). (mf-account has no shared
// src/testing yet; this can move there when it does.)
import '@testing-library/jest-dom';
