// The API key lives in VS Code's SecretStorage (the OS keychain), under this name. It is read
// when wave --stdio starts and handed to it in its environment, nowhere else.
export const API_KEY_SECRET = 'wave.apiKey';
