#ifndef HATCH_CMOSQUITTO_SHIM_H
#define HATCH_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <mqtt_protocol.h>
#endif
