#ifndef HATCH_MQTT_C_BASELINE_H
#define HATCH_MQTT_C_BASELINE_H
/* The C baseline of the MQTT benchmarks: a plain loop over libmosquitto (no threads, no event loop),
   the way a C program would publish as fast as it can. */
#include <stdbool.h>

typedef struct hatch_c_client hatch_c_client;

/* Connects (blocking) with TCP_NODELAY on, as HatchMQTT does by default, and waits for CONNACK.
   release_socket_pair closes libmosquitto's wake-up socket pair, as HatchMQTT does.
   Returns NULL on failure. */
hatch_c_client *hatch_c_connect(const char *host, int port, const char *client_id, bool release_socket_pair);

/* Publishes `count` QoS 0 messages, then one QoS 1 message, and loops until its PUBACK arrives
   (so every QoS 0 message has reached the broker). Returns 0 on success. */
int hatch_c_publish_burst(hatch_c_client *client, const char *topic, const void *payload, int length, int count);

/* Disconnects and frees the client. */
void hatch_c_disconnect(hatch_c_client *client);
#endif
