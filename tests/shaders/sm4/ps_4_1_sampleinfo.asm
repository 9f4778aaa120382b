// ps_4_1: sampleinfo of the rasterizer and of a texture, as float and as uint.
ps_4_1
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
sampleinfo r0.x, rasterizer.xxxx
sampleinfo_uint r0.y, t0.xxxx
utof r0.y, r0.y
mov o0.xyzw, r0.xyxy
ret
