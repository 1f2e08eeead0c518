@rem `npm run web` on Windows: cmd.exe has no `exec` (package.json says `exec node scripts/web.mjs`),
@rem so it runs this file, which runs the rest of the line, the arguments npm appended included.
@%*
