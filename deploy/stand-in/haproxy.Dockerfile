# Stand-in for haproxy:2.6: Debian's haproxy 2.6, reading its configuration where the official image does.
FROM paie-stand-in/debian:bookworm
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /usr/local/etc/haproxy
USER haproxy
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
