// ps_4_1: samplepos of the rasterizer and of a multisampled texture.
ps_4_1
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
samplepos r0.xy, rasterizer.xyxx, l(0)
samplepos r0.zw, t0.xxxy, l(3)
mov o0.xyzw, r0.xyzw
ret
