// Types of the jest-dom matchers the web test project installs (jest.setup.web.ts).
import '@testing-library/jest-dom';
