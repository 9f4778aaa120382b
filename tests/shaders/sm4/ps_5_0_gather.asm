// ps_5_0: gather4_c, gather4_po (programmable offset) and gather4_po_c; a channel select
// on the sampler (s0.y).
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_temps 3
gather4_c r0.xyzw, v1.xyxx, t0.xyzw, s1.x, v1.z
mov r2.xy, l(1, -2, 0, 0)
gather4_po r1.xyzw, v1.xyxx, r2.xyxx, t0.xyzw, s0.y
add r0.xyzw, r0.xyzw, r1.xyzw
gather4_po_c r1.xyzw, v1.xyxx, r2.xyxx, t0.xyzw, s1.x, v1.z
add o0.xyzw, r0.xyzw, r1.xyzw
ret
