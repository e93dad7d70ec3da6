// msgpackr requires this optional native module inside try/catch and falls back to its
// JavaScript implementation when the require fails. See package.json.
throw new Error('msgpackr-extract is not installed in this project');
