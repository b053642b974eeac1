# Stand-in for node:22-bookworm-slim: Debian bookworm, Node 22 from the npm registry's `node` package, npm, user node (1000).
FROM paie-stand-in/debian:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca.crt /etc/ssl/certs/extra-ca.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/bash node && node -v && npm -v
CMD ["node"]
